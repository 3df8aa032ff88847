// A plain static file server for the built site, as a host without any
// special rules would serve it, under a sub-path:
//
//   node scripts/static-serve.mjs <dir> [--prefix /some/sub/path/] [--port 4361]
//
// Serves <dir>/x at <prefix>x (a folder's index.html at <prefix>folder/),
// with the MIME types of common hosts and the headers of <dir>/_headers
// (the Netlify-style file the build copies from public/), and 404 for
// anything else — so a URL that leaves the prefix shows up as an error.
// Listens on 127.0.0.1 only. Used by e2e/static-site.spec.ts.
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { headersFor, parseHeaders } from './headers-file.mjs';

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

export { parseHeaders };

export function startServer({ dir, prefix = '/', port = 0 }) {
  const root = resolve(dir);
  const headersFile = join(root, '_headers');
  const rules = existsSync(headersFile) ? parseHeaders(readFileSync(headersFile, 'utf8')) : [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://host');
    const path = decodeURIComponent(url.pathname);
    if (!path.startsWith(prefix)) return notFound(res);
    const rel = `/${path.slice(prefix.length)}`;
    let file = normalize(join(root, rel));
    if (file !== root && !file.startsWith(root + sep)) return notFound(res);
    if (existsSync(file) && statSync(file).isDirectory()) {
      if (!path.endsWith('/')) {
        res.writeHead(301, { Location: `${path}/${url.search}` }).end();
        return;
      }
      file = join(file, 'index.html');
    }
    if (!existsSync(file) || !statSync(file).isFile() || file === headersFile) return notFound(res);
    const headers = {
      'Content-Type': MIME[extname(file)] ?? 'application/octet-stream',
      ...headersFor(rules, rel),
    };
    res.writeHead(200, headers);
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  });
  return new Promise((ok) => server.listen(port, '127.0.0.1', () => ok(server)));
}

function notFound(res) {
  res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const opt = (name, dflt) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : dflt;
  };
  const dir = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--')) ?? 'dist';
  const server = await startServer({ dir, prefix: opt('--prefix', '/'), port: Number(opt('--port', 4361)) });
  const { port } = server.address();
  console.log(`serving ${dir} at http://127.0.0.1:${port}${opt('--prefix', '/')}`);
}
