// Stops early, with a clear message, on a Node.js older than the project needs.
const [major, minor] = process.versions.node.split('.').map(Number);

export function requireNode() {
  if (major > 22 || (major === 22 && minor >= 12)) return;
  console.error(
    `Storefront needs Node.js 22.12 or newer (24 LTS recommended); this is ${process.version}.\n` +
      'Run it through npm (npm start, npm test): npm install brings Node 24 into node_modules for the scripts.',
  );
  process.exit(1);
}
