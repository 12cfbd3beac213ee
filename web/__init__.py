"""What every page and API view of Ludoteca shares, whichever app it belongs to: who may write
(``web.access``), whole-number query parameters (``web.params``), and how a screen or its htmx
fragment is rendered (``web.pages``). Both ``archive`` and ``replay`` use it; it uses neither."""
