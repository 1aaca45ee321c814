export declare function packageOf(moduleName: string): string;
export declare function versionFits(provided: string, built: string): boolean;
export declare function sharedOfManifest(manifest: {
  shared?: { name: string; version: string }[];
}): Record<string, string>;
export interface ReleaseFacts {
  area: string;
  contract: number;
  shared: Record<string, string>;
}
export interface PlatformFacts {
  shared?: Record<string, string>;
  contracts?: Record<string, { current: number; oldest: number }>;
}
export declare function releaseProblems(release: ReleaseFacts, platform: PlatformFacts): string[];
