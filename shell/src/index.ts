// Async boundary: shared singletons are negotiated before any of our code runs (Module Federation).
import('./bootstrap');
