// No async boundary (LESSONS.md: every entry starts with `import('./bootstrap')`) in the shell: everything the
// start-up imports is shared eagerly by the shell itself (tools/rspack/createConfig.mjs), so the runtime has it at
// once, and the first render's code arrives in this one script instead of after it. Remotes keep theirs.
import './bootstrap';
