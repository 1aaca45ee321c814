// An rspack loader for react-router's dist files (createConfig.mjs applies it in production builds only).
// react-router is bundled file by file (`sideEffects: false`), but inside its one large chunk file every top-level
// `var X = React.createContext(...)` / `React.forwardRef(...)` / `Symbol(...)` is a call the minifier must keep, and
// each `X.displayName = "..."` statement keeps X alive, so components and contexts no one imports (data routers,
// forms, scroll restoration, RSC parts) stayed in the shell's first script. This marks those top-level initialisers
// as pure (`/* @__PURE__ */`, which only says "drop me when unused") and leaves out the displayName statements
// (names for React's developer tools; nothing reads them at run time). Everything else is left exactly as it is.

/** `var X = call(`, `var X = a.b.call(`, `var X = new C(` at the start of a line (top level in these files). */
const TOP_LEVEL_CALL = /^((?:var|let|const) [\w$]+ = )(?=(?:new )?[\w$][\w$.]*\()/gm;
/** `X.displayName = "Name";` on a line of its own. */
const DISPLAY_NAME = /^[\w$]+\.displayName = (?:"[^"\n]*"|'[^'\n]*');[ \t]*$/gm;

/** @param {string} source */
export function annotatePure(source) {
  return source.replace(TOP_LEVEL_CALL, '$1/* @__PURE__ */ ').replace(DISPLAY_NAME, '');
}

/** @this {import('@rspack/core').LoaderContext} @param {string} source */
export default function annotatePureLoader(source) {
  return annotatePure(source);
}
