import type { CompilerOptions } from 'typescript';

export interface ApiRow {
  name: string;
  optional: boolean;
  readonly: boolean;
  kind: 'method' | 'property' | 'index';
  signature: string;
  description: string;
  defaultValue: string | undefined;
}
export interface Api {
  props: ApiRow[];
  handle: ApiRow[];
  hookOptions: ApiRow[];
  hookResult: ApiRow[];
  /** `undefined` while the package does not export `ChatListState`. */
  state: ApiRow[] | undefined;
  /** `undefined` while the package does not export `JumpToLatestProps`. */
  jumpToLatest: ApiRow[] | undefined;
}
export declare const COMPILER_OPTIONS: CompilerOptions;
export declare const ROOT_README: string;
export declare const PACKAGE_README: string;
export declare const API_REFERENCE: string;
export declare function collectApi(): Api;
export declare function apiBlocks(api?: Api): Record<string, string>;
export declare function applyBlocks(text: string, blocks: Record<string, string>): { text: string; found: string[] };
export declare function applyIncludes(text: string): string;
export declare function rewriteLinks(markdown: string, from: string, to: string): string;
export declare function packageReadme(root: string): string;
export declare function renderDocs(api?: Api): Promise<Map<string, string>>;
export declare function syncDocs(options?: { write?: boolean }): Promise<string[]>;
