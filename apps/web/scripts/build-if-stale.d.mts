export declare const webBuildInputs: string[];
export declare const buildRecordPath: (root: string) => string;
export declare const inputsDigest: (root: string, inputs?: readonly string[]) => string;
export declare const buildIsCurrent: (root: string, inputs?: readonly string[]) => boolean;
export declare const recordBuild: (root: string, inputs?: readonly string[]) => void;
