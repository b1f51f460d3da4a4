/**
 * webpack configuration of the single-page app (loaded through @babel/register / esbuild-register).
 *
 * - `npm run build`: production build into dist/, content-hashed file names under dist/assets/
 *   (served with a one-year immutable cache), every route in its own lazily loaded chunk.
 * - `npm run dev`: webpack-dev-server with React Fast Refresh; /api (and its websockets) is
 *   proxied to the panel server on 127.0.0.1:8080.
 *
 * Build-time settings (DefinePlugin): NODE_ENV, BUILD_ID (git commit or build time),
 * PANEL_API_HOST and TRANSLATIONS_HOST (empty: the panel's own origin), and the themes' antd tokens
 * (PANEL_THEME_MAP_TOKENS, src/themes/builtMapTokens.ts).
 */
import { execSync } from 'node:child_process';
import { resolve } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import ReactRefreshWebpackPlugin from '@pmmmwh/react-refresh-webpack-plugin';
import webpack, { type Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { firstFrameDocument } from './src/app/firstFrame/firstFrameDocument';
import { guestLoginPreloader, ROUTE_PRELOADS_FILE, routePreloadTable } from './src/app/router/routeChunkPreloader';
import { buildMapTokenTable } from './src/themes/builtMapTokens';

const rootDir = __dirname;

/** The commit being built, or the build time when this is not a git checkout. */
function buildId(): string {
  if (process.env.BUILD_ID) return process.env.BUILD_ID;
  try {
    return execSync('git rev-parse --short=12 HEAD', { cwd: rootDir, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return new Date().toISOString().replace(/[-:.]/g, '');
  }
}

/**
 * Writes .br and .gz siblings of the text assets, so the panel server sends them compressed
 * without compressing on every request (@fastify/static `preCompressed`).
 */
class PrecompressPlugin {
  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PrecompressPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER }, (assets) => {
        for (const [name, source] of Object.entries(assets)) {
          if (!/\.(js|css|html|svg|json|txt)$/.test(name) || source.size() < 1024) continue;
          const buffer = source.buffer();
          const info = { compressed: true, immutable: name.startsWith('assets/') };
          compilation.emitAsset(`${name}.gz`, new webpack.sources.RawSource(gzipSync(buffer, { level: 9 })), info);
          const brotli = brotliCompressSync(buffer, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: buffer.length } });
          compilation.emitAsset(`${name}.br`, new webpack.sources.RawSource(brotli), info);
        }
      });
    });
  }
}

/** The chunk groups of the routes' pages and layouts (their names in lazyPages.ts). */
const ROUTE_CHUNK_GROUP = /^(page|layout)-/;

/**
 * Preloads the files of the `main` chunk group (the panel's start-up code: store, router, guards,
 * React and the libraries every page needs) from index.html. The browser fetches them while it
 * reads the page; the `boot` entry (src/main.tsx) evaluates them in a task of their own, after it.
 * The entry itself is not preloaded: as a deferred script of low priority it arrives after the
 * page has been read, and so runs after the first frame's paint instead of delaying it.
 *
 * It also writes the files of each route's layout and page (ROUTE_PRELOADS_FILE, from the named
 * route chunks of lazyPages.ts), which the panel's server preloads in the page it serves for that
 * route, so they load beside the start-up code instead of after it has been evaluated; and into
 * index.html's head the script that preloads the log-in page's instead for a visitor without a
 * token (app/router/routeChunkPreloader.ts).
 */
class PreloadStartUpPlugin {
  apply(compiler: webpack.Compiler): void {
    compiler.hooks.compilation.tap('PreloadStartUpPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadStartUpPlugin', (groups) => {
        const publicPath = String(compilation.outputOptions.publicPath ?? '/');
        const scripts = (files: string[]) => files.filter((file) => file.endsWith('.js'));
        const entry = compilation.entrypoints.get('boot')?.getFiles() ?? [];
        const main = compilation.namedChunkGroups.get('main')?.getFiles() ?? [];
        const startUp = new Set([...entry, ...main]);
        const links = scripts(main).map((file) => HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as: 'script', href: `${publicPath}${file}` }));
        const routeChunks: Record<string, string[]> = {};
        for (const [name, group] of compilation.namedChunkGroups) {
          if (!ROUTE_CHUNK_GROUP.test(name)) continue;
          routeChunks[name] = group
            .getFiles()
            .filter((file) => /\.(js|css)$/.test(file) && !startUp.has(file))
            .map((file) => `${publicPath}${file}`);
        }
        compilation.emitAsset(ROUTE_PRELOADS_FILE, new webpack.sources.RawSource(JSON.stringify(routePreloadTable(routeChunks))));
        const preloader = HtmlWebpackPlugin.createHtmlTagObject('script', {}, guestLoginPreloader(routeChunks));
        return { ...groups, headTags: [...links, preloader, ...groups.headTags] };
      });
    });
  }
}

/** V8's explicit compile hint (Chrome 136 and later; other engines read a comment). */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Starts the scripts a page runs as it opens with V8's compile hint: the start-up code (the `main`
 * chunk group: React, the store, the router, i18next and the panel's own start-up) and the code of
 * each page and layout (the chunk groups the route preloader lists). V8 compiles a script's
 * functions lazily, each on the main thread when first called (after a first parse that found
 * where it ends); with the hint it compiles them all as the script loads, on a background thread.
 * Measured at 4× CPU slowdown, the main thread's work before the content fell by 270 ms on the
 * log-in page and the dashboard, and by 100–200 ms more on the server pages with the pages' code.
 * Code loaded later (dialogs, editors) is compiled as it runs. The hint has to be the file's
 * first line, so it goes in after minification (which keeps only the licence note) and before
 * the source maps are written.
 */
class CompileHintsPlugin {
  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'CompileHintsPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 }, () => {
        const opening = new Set<string>();
        for (const [name, group] of compilation.namedChunkGroups) {
          if (name === 'main' || ROUTE_CHUNK_GROUP.test(name)) for (const file of group.getFiles()) opening.add(file);
        }
        for (const file of [...opening].filter((name) => name.endsWith('.js'))) {
          compilation.updateAsset(file, (source) => new webpack.sources.ConcatSource(COMPILE_HINT, source));
        }
      });
    });
  }
}

interface CliArgs {
  mode?: Configuration['mode'];
}

/*
 * Content hashes in file names are 8 hex digits (32 bits): plenty to tell a file's versions apart,
 * and webpack's runtime, which every page loads first, lists every chunk's hash (some 150 of them):
 * 16 digits there cost about 0.6 KB gzip more on every page.
 */
const contentHash = '[contenthash:8]';

/** The admin area's named chunks (src/app/router/lazyPages.ts), kept out of chunk splitting. */
const ADMIN_CHUNKS = new Set(['layout-admin', 'page-admin']);

export default function config(_env: Record<string, unknown>, argv: CliArgs): Configuration & { devServer?: DevServerConfiguration } {
  const production = argv.mode !== 'development';
  const mode = production ? 'production' : 'development';
  const serving = process.env.WEBPACK_SERVE === 'true';
  const id = buildId();

  return {
    mode,
    context: rootDir,
    entry: { boot: './src/main.tsx' },
    output: {
      path: resolve(rootDir, 'dist'),
      publicPath: '/',
      filename: production ? `assets/[name].${contentHash}.js` : 'assets/[name].js',
      chunkFilename: production ? `assets/[name].${contentHash}.js` : 'assets/[name].js',
      assetModuleFilename: `assets/[name].${contentHash}[ext]`,
      cssFilename: production ? `assets/[name].${contentHash}.css` : 'assets/[name].css',
      cssChunkFilename: production ? `assets/[name].${contentHash}.css` : 'assets/[name].css',
      clean: true,
      // Always write files, even unchanged ones: `npm start` compares dist/index.html's time
      // with the sources' to decide whether to rebuild.
      compareBeforeEmit: false,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      // react-router's package exports always point at its development build (warnings and
      // all); production bundles take the production build it ships beside it.
      // react-router-dom re-exports both entries, so both are pointed at the production build.
      alias: production
        ? {
            'react-router$': resolve(rootDir, 'node_modules/react-router/dist/production/index.mjs'),
            'react-router/dom$': resolve(rootDir, 'node_modules/react-router/dist/production/dom-export.mjs'),
          }
        : {},
    },
    experiments: { css: true },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'babel-loader',
            options: {
              // babel.config.js (browser targets) plus Fast Refresh when serving.
              envName: mode,
              plugins: serving ? ['react-refresh/babel'] : [],
              cacheDirectory: true,
            },
          },
        },
        // antd's rc-component packages have no side effects but do not say so: without this, one
        // import from a package's index (antd's Input asks @rc-component/form for its provider)
        // brings the whole package, its form engine included, onto every page with an input.
        { test: /[\\/]node_modules[\\/]@rc-component[\\/]form[\\/]/, sideEffects: false },
        { test: /\.(png|jpe?g|gif|webp|avif|woff2?)$/i, type: 'asset/resource' },
        // Small SVGs are inlined; larger ones get their own cached file.
        { test: /\.svg$/i, type: 'asset', parser: { dataUrlCondition: { maxSize: 4 * 1024 } } },
      ],
    },
    plugins: [
      new webpack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(mode),
        'process.env.BUILD_ID': JSON.stringify(id),
        'process.env.PANEL_API_HOST': JSON.stringify(process.env.PANEL_API_HOST ?? ''),
        'process.env.TRANSLATIONS_HOST': JSON.stringify(process.env.TRANSLATIONS_HOST ?? ''),
        // antd's tokens of the nine themes, worked out here instead of as each page first renders.
        'process.env.PANEL_THEME_MAP_TOKENS': JSON.stringify(JSON.stringify(buildMapTokenTable())),
      }),
      new HtmlWebpackPlugin({ template: './public/index.html', favicon: './public/favicon.svg', buildId: id, firstFrame: firstFrameDocument(), scriptLoading: 'defer' }),
      ...(serving ? [new ReactRefreshWebpackPlugin({ overlay: false })] : []),
      new PreloadStartUpPlugin(),
      ...(production ? [new CompileHintsPlugin(), new PrecompressPlugin()] : []),
    ],
    optimization: {
      runtimeChunk: 'single',
      moduleIds: 'deterministic',
      chunkIds: production ? 'deterministic' : 'named',
      splitChunks: {
        // The admin area's chunks take their own copies of what they share with customer pages:
        // shared with them, they would regroup the customer pages' shared chunks and grow every route.
        chunks: (chunk) => !ADMIN_CHUNKS.has(chunk.name ?? ''),
        cacheGroups: {
          // What every page needs, in one long-cached file: React, Redux, router, i18next.
          framework: {
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-redux|@reduxjs|redux|redux-thunk|redux-persist|reselect|immer|react-router|react-router-dom|i18next|react-i18next|i18next-http-backend|use-sync-external-store)[\\/]/,
            name: 'framework',
            chunks: 'all',
            priority: 20,
            enforce: true,
          },
          // What antd's theme scope brings (ConfigProvider, its locale with the date pickers',
          // pagination's and dialogs' texts, the theme algorithms and the themes' tokens worked out
          // here), which every layout and many pages use: in one chunk.
          // Left to the defaults, a route's layout and its page (loaded side by side, siblings to
          // webpack) each carried a copy of it.
          antdThemeScope: {
            test: /[\\/](node_modules[\\/]antd[\\/]es[\\/](config-provider[\\/]|locale[\\/]|theme[\\/]|(time-picker|date-picker|calendar)[\\/]locale|modal[\\/]locale|form[\\/]validateMessagesContext)|node_modules[\\/]@rc-component[\\/](picker|pagination)[\\/]es[\\/]locale[\\/]|src[\\/]themes[\\/](ThemeScope|antdThemeConfig|builtMapTokens)\.tsx?$)/,
            name: 'antd-theme-scope',
            priority: 10,
            enforce: true,
          },
          // Library code used by lazy pages goes into chunks shared only by the pages that need it
          // (webpack's defaults), so heavy antd components never reach the entry chunk.
          defaultVendors: { test: /[\\/]node_modules[\\/]/, priority: -10, reuseExistingChunk: true },
          default: { minChunks: 2, priority: -20, reuseExistingChunk: true },
        },
      },
    },
    performance: { hints: production ? 'warning' : false, maxEntrypointSize: 700 * 1024, maxAssetSize: 700 * 1024 },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    devServer: {
      port: Number(process.env.DEV_PORT ?? 3000),
      host: '127.0.0.1',
      hot: true,
      historyApiFallback: true,
      client: { overlay: { errors: true, warnings: false } },
      proxy: [{ context: ['/api'], target: 'http://127.0.0.1:8080', ws: true, changeOrigin: false }],
    },
    stats: production ? 'normal' : 'minimal',
  };
}
