export declare const CACHEABLE_HEADER: "x-vidfolio-cacheable";
