/** Style sheets are imported for their side effect (rspack injects them). */
declare module '*.css';
