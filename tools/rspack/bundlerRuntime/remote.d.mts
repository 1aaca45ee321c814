declare const federation: {
  readonly [key: string]: unknown;
  readonly bundlerRuntime: Readonly<Record<string, unknown>>;
  readonly bundlerRuntimeOptions: object;
};
export default federation;
