// A remote's own entry is not used by the product (the shell loads `./register` through remoteEntry.js);
// it keeps the async boundary so that the remote can also be opened on its own during development.
import('./register');
