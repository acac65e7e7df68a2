// The layers of lib/ (docs/architecture.md, "Layers"), checked by `npm run check:layers` in `npm test`.
// Bottom: settings, database and helpers every domain may use. Above them the domain folders, which
// reach each other in one direction only. Top: lib/server/, the running server's own state.
// Routes (app/) and UI (components/) sit above all of lib/, which never imports them.
const base = "^lib/(env|site|secrets|repeat|shutdown|after-response)\\.ts$|^lib/(core|db|mail|time)/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      severity: "error",
      comment: "No module may reach itself through its imports.",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-folder-cycles",
      severity: "error",
      comment: "Folders reach each other in one direction only.",
      scope: "folder",
      from: { path: "^lib/" },
      to: { circular: true },
    },
    {
      name: "base-stays-at-the-bottom",
      severity: "error",
      comment: "Settings, database and shared helpers import no domain folder and nothing request-bound.",
      from: { path: base },
      to: { path: "^lib/", pathNot: base },
    },
    {
      name: "domains-below-the-server",
      severity: "error",
      comment: "Domain code takes the database as an argument; only lib/server/ holds the running server's state.",
      from: { path: "^lib/", pathNot: "^lib/(server|testing)/" },
      to: { path: "^lib/server/" },
    },
    {
      name: "lib-below-routes-and-ui",
      severity: "error",
      comment: "lib/ never imports routes or components.",
      from: { path: "^lib/" },
      to: { path: "^(app|components)/" },
    },
    {
      name: "components-below-routes",
      severity: "error",
      from: { path: "^components/" },
      to: { path: "^app/" },
    },
    {
      name: "test-support-in-tests-only",
      severity: "error",
      from: { path: "^(app|components|lib)/", pathNot: "\\.test\\.tsx?$|^lib/testing/" },
      to: { path: "^lib/testing/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "\\.test\\.tsx?$" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
