export function importsOf(file: string, source: string, files: Set<string>): string[];
export function dependents(changed: string[], graph: Map<string, string[]>): Set<string>;
export function urlPatternOf(file: string): string | null;
export function pathsNamedIn(source: string): string[];
export function routesReached(changed: string[], graph: Map<string, string[]>): string[];
export function specsFor(changed: string[], graph: Map<string, string[]>, specs: Record<string, string>): string[];
export function distances(changed: string[], graph: Map<string, string[]>): Map<string, number>;
export function specDistances(changed: string[], graph: Map<string, string[]>, specs: Record<string, string>): Map<string, number>;
export function nearestWithin(reached: Map<string, number>, seconds: Record<string, number>, budget: number): { run: string[]; left: string[] };
