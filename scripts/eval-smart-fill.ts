// `npm run eval:smart-fill`: the offline smart-fill parser against its phrase set
// (services/agent/src/domain/smart-fill-phrases.ts). Prints each miss, then the share parsed
// exactly; exits non-zero below 97% (issue 10).
import { SMART_FILL_PHRASES } from "../services/agent/src/domain/smart-fill-phrases.ts";
import { scorePhrases } from "../services/agent/src/domain/smart-fill-score.ts";

const REQUIRED_SHARE = 0.97;

const score = scorePhrases(SMART_FILL_PHRASES);
for (const miss of score.misses) {
  console.log(`miss: ${JSON.stringify(miss.phrase)} (${miss.zone})`);
  console.log(`  expected ${JSON.stringify(miss.expected)}`);
  console.log(`  got      ${JSON.stringify(miss.got)}`);
}
console.log(`smart-fill phrase set: ${score.exact}/${score.total} exact (${(score.share * 100).toFixed(1)}%)`);
if (score.share < REQUIRED_SHARE) {
  console.error(`below the required ${(REQUIRED_SHARE * 100).toFixed(0)}%`);
  process.exit(1);
}
