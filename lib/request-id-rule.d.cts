export declare const REQUEST_ID_HEADER: "x-request-id";
export declare const TRUSTED_REQUEST_ID: RegExp;
export declare function requestIdFrom(given: string | null | undefined): string;
