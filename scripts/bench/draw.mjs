// Inputs for load scenarios that never repeat within a run, drawn by a seeded generator (the same sequence in every
// run, so runs compare), so that a benchmark measures the work of new requests, not caches of earlier ones.

/** mulberry32: 32-bit integer steps (Math.imul), so that the sequence stays long and exact. Answers [0, 1). */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** Letters of German names, weighted as they occur (a term nobody matches is answered faster than a real one). */
export const LETTERS = 'eeeeeeennnnnrrrrriiiiisssssaaaaatttttddddhhhhuuulllllcccgggmmmoooobbwwffkkzzppvääööüüßjy';

/**
 * Bodies that never repeat: `draw()` makes a candidate, `next()` answers the next one not drawn before. After
 * `maxTries` candidates in a row that were all drawn before, it answers a repeat and counts it (`repeats`), so a
 * scenario whose inputs run out says so instead of hanging.
 */
export function uniqueBodies(draw, maxTries = 1000) {
  const seen = new Set();
  let repeats = 0;
  return {
    next() {
      for (let tries = 0; ; tries++) {
        const body = draw();
        const key = JSON.stringify(body);
        if (!seen.has(key)) {
          seen.add(key);
          return body;
        }
        if (tries >= maxTries) {
          repeats += 1;
          return body;
        }
      }
    },
    get count() {
      return seen.size;
    },
    get repeats() {
      return repeats;
    },
  };
}
