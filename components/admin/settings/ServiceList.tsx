import type { ServiceState } from "@/lib/admin/services";

/** Each outside service in plain words; for one not set up, what to set and where it is explained. */
export function ServiceList({ services }: { services: ServiceState[] }) {
  return (
    <dl className="divide-y divide-stone-200 rounded-xl bg-white shadow-sm ring-1 ring-stone-200">
      {services.map((service) => (
        <div key={service.name} className="space-y-1 p-4 sm:grid sm:grid-cols-[8rem_1fr] sm:gap-4 sm:space-y-0">
          <dt className="font-semibold">{service.name}</dt>
          <dd className="space-y-1">
            <p className={service.ready ? "text-green-800" : "text-stone-900"}>{service.summary}</p>
            {service.setUp && (
              <p className="text-sm text-stone-700">
                To set it up, set <VariableList names={service.setUp.variables} /> in the shop&apos;s settings (its .env file), as
                the section &lsquo;{service.setUp.guideSection}&rsquo; of docs/settings.md explains, then restart the shop.
              </p>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function VariableList({ names }: { names: readonly string[] }) {
  return names.map((name, index) => (
    <span key={name}>
      {index > 0 && (index === names.length - 1 ? " and " : ", ")}
      <code className="break-all rounded bg-stone-100 px-1">{name}</code>
    </span>
  ));
}
