/**
 * A fixed piece of work of the kind an app's start does (building elements, sorting and copying
 * objects), run cold in a blank throttled page; its time says how fast the machine is at that
 * moment. Evaluated in the page, so it uses nothing but the browser's globals.
 */
export function cpuProbe(): number {
  const items = 700;
  const started = performance.now();
  const list = document.createElement('ul');
  for (let index = 0; index < items; index += 1) {
    const item = document.createElement('li');
    item.className = `item item-${index % 17}`;
    item.setAttribute('data-index', String(index));
    item.append(document.createTextNode(`Eintrag ${index}: ${(index * 7919).toString(36)}`));
    list.append(item);
  }
  const records = Array.from({ length: 6000 }, (_, index) => ({
    key: `k${(index * 7919) % 6000}`,
    value: index / 3,
  }));
  records.sort((a, b) => (a.key < b.key ? -1 : 1));
  const copy = JSON.parse(JSON.stringify(records)) as unknown[];
  const elapsed = performance.now() - started;
  // Reading the results keeps the engine from dropping the work as unused.
  if (copy.length !== records.length || list.childElementCount !== items) {
    throw new Error('The CPU probe lost part of its work.');
  }
  return elapsed;
}
