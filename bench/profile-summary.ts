/**
 * node dist/bench/profile-summary.js <file.cpuprofile> [--top 25]
 *
 * Summarises a V8 CPU profile (from `npm run bench -- --cpu-prof`, or `node --cpu-prof`): self time by
 * package / project file, the hottest functions, and inclusive time of the functions named with --focus.
 */
import fs from 'node:fs';
import path from 'node:path';
import { num, parseFlags, str } from './lib/args';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** Where a function lives: an npm package, a project file, or a V8/Node category. */
export function ownerOf(url: string, functionName: string): string {
  if (!url) return `(${functionName || 'native'})`;
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return url;
  const dist = url.indexOf('/dist/');
  return dist >= 0 ? url.slice(dist + '/dist/'.length) : path.basename(url);
}

export function summarize(file: string, top = 25, focus: string[] = []): string {
  const p = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<number, number>();
  for (let i = 0; i < p.samples.length; i++) self.set(p.samples[i], (self.get(p.samples[i]) ?? 0) + (p.timeDeltas[i] ?? 0));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const idle = [...self.entries()].filter(([id]) => byId.get(id)!.callFrame.functionName === '(idle)').reduce((a, [, v]) => a + v, 0);
  const busy = total - idle;
  const owners = new Map<string, number>();
  const fns = new Map<string, number>();
  for (const [id, us] of self) {
    const cf = byId.get(id)!.callFrame;
    if (cf.functionName === '(idle)') continue;
    const o = ownerOf(cf.url, cf.functionName);
    owners.set(o, (owners.get(o) ?? 0) + us);
    const key = `${cf.functionName || '(anonymous)'}  ${o}:${cf.lineNumber + 1}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
  }
  const pct = (us: number) => `${((100 * us) / busy).toFixed(1).padStart(5)} %`;
  const lines = [
    `${path.basename(file)}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (${((100 * busy) / total).toFixed(0)} % of one core)`,
    '',
    'self time by package / file (share of busy time):',
  ];
  for (const [o, us] of [...owners].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`  ${pct(us)}  ${o}`);
  // Inclusive time per package: a sample counts for every package on its stack (what a request spends inside it).
  const inclusive = new Map<string, number>();
  for (const [id, us] of self) {
    if (byId.get(id)!.callFrame.functionName === '(idle)') continue;
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const cf = byId.get(cur)!.callFrame;
      if (cf.url) seen.add(ownerOf(cf.url, cf.functionName));
    }
    for (const o of seen) inclusive.set(o, (inclusive.get(o) ?? 0) + us);
  }
  lines.push('', 'inclusive time by package / file (on the stack):');
  for (const [o, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`  ${pct(us)}  ${o}`);
  lines.push('', 'hottest functions (self):');
  for (const [f, us] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`  ${pct(us)}  ${f}`);
  if (focus.length) {
    // Inclusive time: a sample counts for a function when the function is anywhere on its stack.
    lines.push('', 'inclusive time of:');
    const incl = new Map<string, number>(focus.map((f) => [f, 0]));
    for (const [id, us] of self) {
      if (byId.get(id)!.callFrame.functionName === '(idle)') continue;
      const seen = new Set<string>();
      for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
        const cf = byId.get(cur)!.callFrame;
        for (const f of focus) if (!seen.has(f) && (cf.functionName === f || `${cf.functionName}@${ownerOf(cf.url, cf.functionName)}`.includes(f))) seen.add(f);
      }
      for (const f of seen) incl.set(f, incl.get(f)! + us);
    }
    for (const [f, us] of incl) lines.push(`  ${pct(us)}  ${f}`);
  }
  return lines.join('\n');
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith('--') && a.endsWith('.cpuprofile'));
  const flags = parseFlags(args.filter((a) => a !== file));
  if (!file) {
    console.error('usage: node dist/bench/profile-summary.js <file.cpuprofile> [--top 25] [--focus fnA,fnB]');
    process.exit(1);
  }
  console.log(summarize(file, num(flags, 'top', 25), str(flags, 'focus')?.split(',').filter(Boolean) ?? []));
}
