// The report pages (/download/<slug>): their form, buttons and hints. Merged into en.ts.
export const reportScreensEn = {
  reportScreens: {},
};
