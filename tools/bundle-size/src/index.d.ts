/** SPEC §5 and BENCHMARKS.md count decimal kilobytes. */
export declare const KB: 1000;
/** Minified and gzip -9 sizes, in bytes, of `contents` bundled for the browser in production. */
export declare function measureBundle(options: {
  contents: string;
  resolveDir: string;
  external: string[];
}): Promise<{ minBytes: number; gzipBytes: number }>;
