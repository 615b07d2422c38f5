import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/**
 * Finds the Chromium the browser tests drive: CHROME_PATH, else /usr/bin/chromium. When neither is there
 * and this is Debian as root, installs the `chromium` package; otherwise says in one line what to install.
 */
export function findChromium({ install = true } = {}) {
  return findOrInstall(process.env.CHROME_PATH, 'chromium', { install, label: 'Chromium' });
}

/**
 * Finds Chromium's headless shell, which the browser tests drive: CHROME_HEADLESS_SHELL_PATH, else
 * /usr/bin/chromium-headless-shell, installing the Debian package `chromium-headless-shell` as root when missing.
 * It renders the same pages without the full browser's window layer: the browser suite took 282 s with the full
 * Chromium and 208 s with the shell on the same seven spec files. Null when there is none; the tests then drive
 * the full Chromium.
 */
export function findHeadlessShell({ install = true } = {}) {
  try {
    return findOrInstall(process.env.CHROME_HEADLESS_SHELL_PATH, 'chromium-headless-shell', {
      install,
      label: "Chromium's headless shell",
    });
  } catch {
    return null;
  }
}

/** The given path, else /usr/bin/<name>; as root on Debian, installs the package of that name when both are missing. */
function findOrInstall(given, name, { install, label }) {
  const fallback = `/usr/bin/${name}`;
  const found = [given, fallback].filter(Boolean).find((path) => existsSync(path));
  if (found) return found;
  if (install && debianRoot()) {
    console.log(`${label} not found: installing the Debian package "${name}"...`);
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', name], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync(fallback)) return fallback;
  }
  return null;
}

function debianRoot() {
  const debian = existsSync('/etc/debian_version') || /debian/i.test(readIfExists('/etc/os-release'));
  return debian && typeof process.getuid === 'function' && process.getuid() === 0;
}

function readIfExists(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const path = findChromium();
  if (!path) {
    console.error('Browser tests need Chromium: install the "chromium" package (apt-get install -y chromium) or set CHROME_PATH.');
    process.exit(1);
  }
  console.log(path);
}
