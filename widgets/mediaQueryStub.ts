/** A MediaQueryList that answers `matches` and hears nothing: jsdom evaluates no media query (tests only). */
export function mediaQueryStub(query: string, matches = false): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  } as unknown as MediaQueryList;
}
