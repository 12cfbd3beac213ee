"""What every page and API view of Ludoteca shares, whichever app it belongs to: who may write
(``web.access``), whole-number query parameters (``web.params``), how a screen or its htmx
fragment is rendered (``web.pages``), and which answers other sites may read (``web.cors``).
Both ``archive`` and ``replay`` use it; it uses neither."""
