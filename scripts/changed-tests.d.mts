export function importsOf(file: string, source: string, files: Set<string>): string[];
export function dependents(changed: string[], graph: Map<string, string[]>): Set<string>;
export function urlPatternOf(file: string): string | null;
export function pathsNamedIn(source: string): string[];
export function routesReached(changed: string[], graph: Map<string, string[]>): string[];
export function specsFor(changed: string[], graph: Map<string, string[]>, specs: Record<string, string>): string[];
