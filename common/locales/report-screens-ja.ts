// The report pages (/download/<slug>): their form, buttons and hints. Merged into ja.ts.
export const reportScreensJa = {
  reportScreens: {},
};
