export declare const REACT_VERSION: string;
export declare const REACT_18_PACKAGES: Readonly<Record<string, string>>;
export declare const react18Aliases: { find: RegExp; replacement: string }[];
