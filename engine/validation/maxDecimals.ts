/**
 * The project's keyword `maxDecimals` (spec §5, "max decimals"): at most that many digits after the decimal
 * point, as JavaScript writes the number (1.5e-7 has 8). Its one definition, as code ajv writes into every
 * validator: the server compiles it at run time, the app build ahead of time (the browser runs no eval).
 */
import { _, type CodeKeywordDefinition } from 'ajv';

export const maxDecimals: CodeKeywordDefinition = {
  keyword: 'maxDecimals',
  type: 'number',
  schemaType: 'number',
  error: { message: 'maxDecimals' },
  code(cxt) {
    const { gen, data, schemaCode } = cxt;
    const text = gen.const('text', _`String(${data})`);
    const exponent = gen.const('exponent', _`/e-(\\d+)$/.exec(${text})`);
    const fraction = gen.const('fraction', _`(${exponent} ? ${text}.split("e")[0] : ${text}).split(".")[1] || ""`);
    const decimals = _`(${exponent} ? +${exponent}[1] : 0) + ${fraction}.length`;
    // infinities and NaN have no decimals (JSON never carries them)
    cxt.fail(_`Number.isFinite(${data}) && ${decimals} > ${schemaCode}`);
  },
};
