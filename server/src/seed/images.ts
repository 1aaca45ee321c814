/** Licensee images of the demo data, drawn as SVG so that the repository holds no binary files. */
export function logoSvg(name: string, colour: string): string {
  // Room for the name: about 14 px a character (DejaVu Sans, where Arial is missing, is wider) at 20 px bold, after the 54 px of the shield.
  const width = 54 + Math.ceil(name.length * 14);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="48" viewBox="0 0 ${width} 48" role="img" aria-label="${name}">
  <path d="M24 3 L42 10 V24 C42 35 34 42 24 45 C14 42 6 35 6 24 V10 Z" fill="${colour}"/>
  <path d="M16 24 l6 6 l11 -12" stroke="#ffffff" stroke-width="4" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
  <text x="54" y="31" font-family="Arial, Helvetica, sans-serif" font-size="20" font-weight="700" fill="${colour}">${name}</text>
</svg>`;
}

export function moodSvg(from: string, to: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1600" viewBox="0 0 1200 1600">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="1200" height="1600" fill="url(#g)"/>
  <g fill="#ffffff" opacity="0.12"><circle cx="300" cy="400" r="220"/><circle cx="900" cy="1100" r="320"/><rect x="420" y="700" width="360" height="360" rx="40"/></g>
</svg>`;
}
