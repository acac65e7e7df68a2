import { afterAll, describe, expect, it } from "vitest";
import { startEtimsSimulator } from "@/scripts/etims-simulator/server";
import { callEtims, EtimsUnavailable, type EtimsConfig } from "./client";

const etims = await startEtimsSimulator({ consumerKey: "shop-key", consumerSecret: "shop-secret" });
afterAll(() => etims.close());

const config = (secret: string): EtimsConfig => ({
  apiUrl: etims.apiUrl,
  tin: "P051234567X",
  branchId: "00",
  deviceSerial: "KT-SIM-0001",
  oauth: { tokenUrl: `${etims.url}/v1/token/generate?grant_type=client_credentials`, key: "shop-key", secret },
});
const init = (secret: string) =>
  callEtims(config(secret), "selectInitOsdcInfo", { tin: "P051234567X", bhfId: "00", dvcSrlNo: "KT-SIM-0001" }, null);

describe("the eTIMS client", () => {
  it("fetches the OAuth token when the server wants one, and reads eTIMS's answer", async () => {
    const answer = await init("shop-secret");
    expect(answer).toMatchObject({ resultCd: "000", data: { info: { cmcKey: etims.cmcKey } } });
  });

  it("treats an unreachable or refusing server as unavailable, without naming a secret", async () => {
    etims.setDown(true);
    const down = await init("shop-secret").catch((error: Error) => error);
    etims.setDown(false);
    expect(down).toBeInstanceOf(EtimsUnavailable);
    expect(String(down)).not.toMatch(/shop-secret|shop-key/);
    const gone = { ...config("shop-secret"), apiUrl: "http://127.0.0.1:9/etims-api/", oauth: null };
    await expect(callEtims(gone, "saveItem", {}, "key")).rejects.toBeInstanceOf(EtimsUnavailable);
  });
});
