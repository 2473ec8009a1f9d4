export declare const SOCKET_HEADER: "x-vidfolio-socket";
export declare function stampSocketAddress(req: { headers: Record<string, string | string[] | undefined>; socket?: { remoteAddress?: string } | null }): void;
export declare function socketStamp(address: string): string | null;
export declare function readSocketStamp(value: string | null | undefined): string | null;
export declare function normaliseAddress(value: string | null | undefined): string | null;
