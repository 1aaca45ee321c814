// Debian's Chromium for the browser tests and the benchmark (test tools cannot download browsers here), and the
// flags it needs in a container: headless, no sandbox, no GPU, and no background traffic to Google's services.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
