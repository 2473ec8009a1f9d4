"use client";
import { useState } from "react";

/**
 * Runs `onChange` while rendering, when `value` differs from the last render's (React's "adjusting
 * some state when a prop changes": https://react.dev/learn/you-might-not-need-an-effect). The state
 * it sets is in place before the browser paints, with no effect-then-re-render. `onChange` may only
 * set this component's own state.
 */
export function useOnChange<T>(value: T, onChange: (value: T) => void): void {
  const [seen, setSeen] = useState(value);
  if (!Object.is(seen, value)) {
    setSeen(value);
    onChange(value);
  }
}
