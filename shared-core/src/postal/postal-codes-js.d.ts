// The one module of postal-codes-js we import that its own typings leave out: all its formats, bundled by
// `require`, for browsers (the package's main entry reads them from disk with `fs`).
declare module 'postal-codes-js/formats-web.js' {
  export default function getFormat(name: string):
    | {
        Description: string;
        RedundantCharacters: string;
        ValidationRegex: string;
        TestData: { Valid: string[]; Invalid: string[] };
      }
    | undefined;
}
