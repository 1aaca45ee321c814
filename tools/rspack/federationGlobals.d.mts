export declare const FEDERATION_GLOBALS: {
  readonly sdk: string;
  readonly errorCodes: string;
  readonly bundlerRuntime: string;
};
