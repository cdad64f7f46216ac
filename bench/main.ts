import { installBenchTools } from './install.ts';

// `npm run bench`: Lighthouse is imported only once it is installed (see install.ts).
installBenchTools();
await import('./bench.ts');
