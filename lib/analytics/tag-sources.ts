// The only other origins the shop's Content-Security-Policy allows (next.config.ts): where gtag.js and
// the Meta Pixel load from and report to, as Google and Meta publish them. The policy is fixed at
// build while the settings are read at run time, so they are allowed whether or not a tool is set;
// the banner loads nothing from them before 'Accept'.
export const tagSources = {
  script: ["https://www.googletagmanager.com", "https://connect.facebook.net"],
  connect: [
    "https://*.google-analytics.com",
    "https://*.analytics.google.com",
    "https://*.googletagmanager.com",
    "https://www.facebook.com",
    "https://connect.facebook.net",
  ],
  img: ["https://*.google-analytics.com", "https://*.googletagmanager.com", "https://www.facebook.com"],
} as const;
