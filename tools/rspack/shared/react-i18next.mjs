// What the dashboard shares as `react-i18next` (createConfig.mjs): only the parts it uses, so that the shared module
// is tree-shaken like any other import instead of shipping the whole package (Trans, SSR helpers, HOCs)
// before the sign-in page. Every part builds with this same module, so the singleton is the same in each of them.
// A name missing here fails shell/src/federation/sharedModules.test.ts; add it when an area needs it.
export { I18nextProvider, useTranslation } from 'react-i18next-source';
