import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { connect } from "@/lib/db/client";
import { seedScratchCatalog } from "./search";

const dir = mkdtempSync(path.join(tmpdir(), "shop-explain-"));
await seedScratchCatalog(dir, 10_000);
const c = await connect({ dataDir: dir });
for (const q of ["hodie", "organic cotton", "kanga"]) {
  const pattern = `%${q}%`;
  const res = await c.db.execute(sql`explain (analyze, buffers off) select id, slug, name, count(*) over ()::int as total,
    (select coalesce(sum(v.stock), 0)::int from variants v where v.product_id = "products"."id") as stock
    from products where (name %> ${q} or description %> ${q} or name ilike ${pattern} or description ilike ${pattern})
    order by greatest(word_similarity(${q}, name), 0.7 * word_similarity(${q}, description)) + case when name ilike ${pattern} then 0.5 else 0 end desc, id
    limit 12`);
  console.log(`\n== ${q}\n` + (res as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join("\n"));
}
await c.close();
console.log(dir);
