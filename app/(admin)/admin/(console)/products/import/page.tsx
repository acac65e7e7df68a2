import Link from "next/link";
import { Card } from "@/components/admin/Card";
import { SheetUploadForm } from "@/components/admin/products/import/SheetUploadForm";
import { linkClass } from "@/components/admin/styles";
import { catalogImportSection } from "@/lib/admin/sections";
import { listSheetImports } from "@/lib/catalog/sheet-preview";
import { parseSheetProblem, sheetExportPath, sheetPreviewPath, sheetProblemText } from "@/lib/catalog/sheet-rules";
import { getDb } from "@/lib/server/database";
import { backOfficeMetadata } from "@/lib/server/back-office-metadata";
import { requireRole } from "@/lib/server/session";
import { nairobiTimestamp } from "@/lib/time/nairobi";

export const generateMetadata = backOfficeMetadata(catalogImportSection.label);

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ImportProductsPage({ searchParams }: Props) {
  await requireRole(catalogImportSection);
  const problem = parseSheetProblem(await searchParams);
  const previews = await listSheetImports(await getDb());
  return (
    <div className="flex flex-col gap-5">
      <h1 className="text-2xl font-bold">{catalogImportSection.label}</h1>
      <p className="max-w-2xl text-stone-700">
        <a href={sheetExportPath} className={linkClass} download>
          Export the catalog
        </a>
        , change prices, stock and details in a spreadsheet, save it as CSV (UTF-8) and preview it here. Nothing changes until you
        apply the preview. Photos are not imported.
      </p>
      <Card id="upload" title="Preview a file">
        <SheetUploadForm problem={problem && sheetProblemText(problem)} />
      </Card>
      {previews.length > 0 && (
        <Card id="previews" title="Latest previews">
          <ul className="flex flex-col gap-1 text-sm">
            {previews.map((preview) => (
              <li key={preview.id}>
                <Link href={sheetPreviewPath(preview.id)} className={linkClass}>
                  {preview.fileName}
                </Link>{" "}
                by {preview.actorLabel}, {nairobiTimestamp(preview.createdAt)}
                {preview.appliedAt ? ", applied" : ""}
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}
