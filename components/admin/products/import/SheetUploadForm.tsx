import { FormMessage } from "@/components/ui/FormMessage";
import { Field } from "@/components/ui/Field";
import { buttonStyles } from "@/components/ui/button-styles";
import { MAX_SHEET_MEGABYTES, sheetUploadField, sheetUploadPath } from "@/lib/catalog/sheet-rules";

/**
 * The catalog spreadsheet's upload: a plain multipart post to its own route (a server action's body
 * is capped at 1 MB), which answers with the preview's page, or this page with the reason.
 */
export function SheetUploadForm({ problem }: { problem: string | null }) {
  return (
    <form
      method="post"
      action={sheetUploadPath}
      encType="multipart/form-data"
      aria-label="Preview a catalog spreadsheet"
      className="flex max-w-xl flex-col gap-3"
    >
      <FormMessage message={problem ?? undefined} />
      <Field
        id="sheet-file"
        name={sheetUploadField}
        label={`CSV file (at most ${MAX_SHEET_MEGABYTES} MB)`}
        type="file"
        accept=".csv,text/csv"
        error={problem ?? undefined}
      />
      <button type="submit" className={`w-full ${buttonStyles.primary}`}>
        Preview changes
      </button>
    </form>
  );
}
