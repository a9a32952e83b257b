import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Issue budget: the JavaScript a browser must fetch before the console can paint (gzip). */
export const ADMIN_INITIAL_JS_BUDGET_BYTES = 200 * 1024;
/** Issue 15 budget: the learner side's entry JavaScript (gzip); the console's bundle is never loaded there. */
export const LEARNER_INITIAL_JS_BUDGET_BYTES = 120 * 1024;

interface ChunkInfo {
  type: 'chunk';
  fileName: string;
  code: string;
  imports: string[];
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: string[];
}

/** Rendered by the page error boundary when a record or chunk is missing: it cannot itself wait for a chunk. */
const EAGER_PAGES = ['not-found-page.tsx'];

const isLazyPageModule = (id: string) =>
  /[\\/]pages[\\/][^\\/]+\.tsx?$/.test(id) &&
  !id.includes('node_modules') &&
  !EAGER_PAGES.some((page) => id.endsWith(page));

/**
 * Fails the build when the console's initial JavaScript (its entry chunk and everything that chunk
 * imports statically) passes the budget, or when a page module lands in it instead of its own lazy
 * chunk. Prints the figure on every build.
 */
export function bundleBudget(entryHtml: string, budgetBytes = ADMIN_INITIAL_JS_BUDGET_BYTES): Plugin {
  return {
    name: 'heed-bundle-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is ChunkInfo & typeof item => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk as unknown as ChunkInfo]));
      const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith(entryHtml));
      if (!entry) return this.error(`bundle budget: no entry chunk for ${entryHtml}`);
      const initial = new Set<string>();
      const visit = (fileName: string) => {
        if (initial.has(fileName)) return;
        initial.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported);
      };
      visit(entry.fileName);
      let bytes = 0;
      const pages: string[] = [];
      for (const fileName of initial) {
        const chunk = byFile.get(fileName)!;
        bytes += gzipSync(chunk.code).length;
        pages.push(...chunk.moduleIds.filter(isLazyPageModule));
      }
      const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
      this.info(
        `initial JavaScript of ${entryHtml}: ${kb(bytes)} gzip in ${initial.size} files (budget ${kb(budgetBytes)})`,
      );
      if (bytes > budgetBytes)
        this.error(`initial JavaScript of ${entryHtml} is ${kb(bytes)} gzip, over the ${kb(budgetBytes)} budget`);
      if (pages.length > 0)
        this.error(`pages bundled into the initial JavaScript instead of their own chunks: ${pages.join(', ')}`);
    },
  };
}
