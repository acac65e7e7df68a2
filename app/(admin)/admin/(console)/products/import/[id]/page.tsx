import { notFound } from "next/navigation";
import { SheetPreview } from "@/components/admin/products/import/SheetPreview";
import { catalogImportSection } from "@/lib/admin/sections";
import { parseId } from "@/lib/core/ids";
import { findSheetImport } from "@/lib/catalog/sheet-preview";
import { sheetPreviewPath } from "@/lib/catalog/sheet-rules";
import { getDb } from "@/lib/server/database";
import { backOfficeMetadata } from "@/lib/server/back-office-metadata";
import { requireRole } from "@/lib/server/session";

export const generateMetadata = backOfficeMetadata("Import preview");

export default async function ImportPreviewPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const importId = parseId(id);
  await requireRole(catalogImportSection, importId === null ? catalogImportSection.path : sheetPreviewPath(importId));
  const stored = importId === null ? null : await findSheetImport(await getDb(), importId);
  if (!stored) notFound();
  return (
    <div className="flex flex-col gap-5">
      <h1 className="text-2xl font-bold">Import preview</h1>
      <SheetPreview stored={stored} />
    </div>
  );
}
