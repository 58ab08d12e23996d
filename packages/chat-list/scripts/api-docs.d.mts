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
}
export declare const READMES: string[];
export declare function collectApi(): Api;
export declare function renderBlocks(readme: string, api?: Api): Record<string, string>;
export declare function applyBlocks(text: string, blocks: Record<string, string>): { text: string; found: string[] };
export declare function syncReadmes(options?: { write?: boolean }): Promise<string[]>;
