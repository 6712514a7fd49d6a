/**
 * Payout batch export files (DESIGN.md "Payouts"): PayPal Payouts' upload format and Wise's "Send by email" batch
 * template, byte for byte; amounts rounded once half-up to the minor unit; RFC 4180 quoting with CRLF; cells
 * neutralised against spreadsheet formula injection; references short enough for PayPal and Wise.
 */
import fc from 'fast-check';
import { newId } from '../../../src/common/ids';
import {
  csvField,
  csvRow,
  EXPORT_FORMATS,
  exportAmount,
  type ExportFormat,
  type ExportPayout,
  payoutFile,
  paypalReference,
  WISE_HEADER,
  wiseReference,
} from '../../../src/modules/payouts/payout-export';

const BATCH = '0191a3c4-5e6f-7a8b-9c0d-1e2f3a4b5c6d';
// UUIDv7 of one batch: same millisecond, consecutive counters; they differ only in their random tails.
const ID_1 = '0191a3c4-6000-7123-8abc-def012345678';
const ID_2 = '0191a3c4-6000-7124-9fed-0a1b2c3d4e5f';

const row = (over: Partial<ExportPayout> = {}): ExportPayout => ({
  id: ID_1,
  batchId: BATCH,
  affiliateName: 'Jane Doe',
  email: 'jane@example.com',
  amount: '10.000000',
  currency: 'USD',
  note: 'Affiliate commissions from Acme',
  ...over,
});

// A name with a comma and quotes, an email that is a formula (a valid local part), a note with a line break;
// then unicode, and a note that starts with `-` and holds quotes.
const TWO_ROWS: ExportPayout[] = [
  row({ id: ID_1, affiliateName: 'Doe, "JJ" Jane', email: '=cmd@example.com', amount: '12.345000', note: 'Affiliate commissions from Acme\nThank you!' }),
  row({ id: ID_2, affiliateName: 'Zoë Ångström', email: 'zoe@example.com', amount: '100', note: '-5% fee "waived"' }),
];

/** A strict RFC 4180 reader of one record (ending in CRLF), to check csvRow against an independent parse. */
function parseRecord(text: string): string[] {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    let field = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        const q = text.indexOf('"', i);
        if (q < 0) throw new Error('unterminated quote');
        field += text.slice(i, q);
        i = q + 1;
        if (text[i] !== '"') break;
        field += '"';
        i++;
      }
    } else {
      const end = text.slice(i).search(/,|\r\n/);
      if (end < 0) throw new Error('record without CRLF');
      field = text.slice(i, i + end);
      if (/["\r\n]/.test(field)) throw new Error(`unquoted special character in ${JSON.stringify(field)}`);
      i += end;
    }
    fields.push(field);
    if (text[i] === ',') i++;
    else if (text.slice(i) === '\r\n') return fields;
    else throw new Error(`unexpected ${JSON.stringify(text.slice(i))} after a field`);
  }
}

describe('PayPal file', () => {
  test('two rows, byte for byte: no header, 6 columns, formula email neutralised, note on one line, CRLF after each row', () => {
    const file = payoutFile('paypal', TWO_ROWS, 'USD');
    expect(file.body).toBe(
      "'=cmd@example.com,12.35,USD,po_3c4600071238abcdef012345678,Affiliate commissions from Acme Thank you!,PAYPAL\r\n" +
        'zoe@example.com,100.00,USD,po_3c4600071249fed0a1b2c3d4e5f,"\'-5% fee ""waived""",PAYPAL\r\n',
    );
    expect(file.filename).toBe(`payout-batch-${BATCH}-paypal.csv`);
    expect(file.contentType).toBe('text/csv; charset=utf-8');
  });

  test.each([
    ['a LF', 'one\ntwo', 'one two'],
    ['a CRLF (one break, one space)', 'one\r\ntwo', 'one two'],
    ['a lone CR', 'one\rtwo', 'one two'],
    ['unicode line and paragraph separators', 'one\u2028two\u2029three', 'one two three'],
    ['several breaks', 'a\n\nb', 'a  b'],
  ])('note with %s is written on one line', (_what, note, expected) => {
    const body = payoutFile('paypal', [row({ note })], 'USD').body;
    expect(parseRecord(body)[4]).toBe(expected);
    expect(body.slice(0, -2)).not.toMatch(/[\r\n]/);
  });

  test('a note longer than PayPal limit is cut to 4000 characters', () => {
    const note = parseRecord(payoutFile('paypal', [row({ note: 'x'.repeat(5000) })], 'USD').body)[4];
    expect(note).toBe('x'.repeat(4000));
  });

  test('a neutralised note still fits in 4000 characters: the leading quote counts', () => {
    const note = parseRecord(payoutFile('paypal', [row({ note: '=' + 'x'.repeat(4500) })], 'USD').body)[4];
    expect(note).toHaveLength(4000);
    expect(note).toBe("'=" + 'x'.repeat(3998));
  });

  test('a note is cut by characters, never inside a surrogate pair (the file stays valid UTF-8)', () => {
    const note = parseRecord(payoutFile('paypal', [row({ note: 'a' + '😀'.repeat(4100) })], 'USD').body)[4];
    expect(Array.from(note)).toHaveLength(4000);
    expect(note).toBe('a' + '😀'.repeat(3999));
    expect(Buffer.from(note, 'utf8').toString('utf8')).toBe(note); // a lone surrogate would come back as U+FFFD
  });

  test('a note of exactly 4000 characters is kept whole', () => {
    const text = 'y'.repeat(4000);
    expect(parseRecord(payoutFile('paypal', [row({ note: text })], 'USD').body)[4]).toBe(text);
  });
});

describe('Wise file', () => {
  test('two rows, byte for byte: header, quoted name, neutralised email, short references, PRIVATE, fixed target amount', () => {
    const file = payoutFile('wise', TWO_ROWS, 'USD');
    expect(file.body).toBe(
      'name,recipientEmail,paymentReference,receiverType,amountCurrency,amount,sourceCurrency,targetCurrency\r\n' +
        '"Doe, ""JJ"" Jane",\'=cmd@example.com,AFF2345678,PRIVATE,USD,12.35,USD,USD\r\n' +
        'Zoë Ångström,zoe@example.com,AFFC3D4E5F,PRIVATE,USD,100.00,USD,USD\r\n',
    );
    expect(file.filename).toBe(`payout-batch-${BATCH}-wise.csv`);
    expect(file.contentType).toBe('text/csv; charset=utf-8');
  });

  test('the header row is Wise template, exactly', () => {
    expect(WISE_HEADER).toEqual(['name', 'recipientEmail', 'paymentReference', 'receiverType', 'amountCurrency', 'amount', 'sourceCurrency', 'targetCurrency']);
    const body = payoutFile('wise', [row()], 'USD').body;
    expect(body.slice(0, body.indexOf('\r\n') + 2)).toBe(
      'name,recipientEmail,paymentReference,receiverType,amountCurrency,amount,sourceCurrency,targetCurrency\r\n',
    );
  });

  test('every text cell of a Wise row is neutralised: name and email', () => {
    const body = payoutFile('wise', [row({ affiliateName: '+1 Caller', email: '-x@example.com' })], 'USD').body;
    expect(body.split('\r\n')[1]).toBe("'+1 Caller,'-x@example.com,AFF2345678,PRIVATE,USD,10.00,USD,USD");
  });

  test('a name with a line break stays one quoted field (RFC 4180), not a second record', () => {
    const body = payoutFile('wise', [row({ affiliateName: 'Jane\r\nDoe' })], 'USD').body;
    expect(body).toBe(
      'name,recipientEmail,paymentReference,receiverType,amountCurrency,amount,sourceCurrency,targetCurrency\r\n' +
        '"Jane\r\nDoe",jane@example.com,AFF2345678,PRIVATE,USD,10.00,USD,USD\r\n',
    );
  });
});

describe('both formats', () => {
  test('EXPORT_FORMATS lists paypal and wise', () => {
    expect([...EXPORT_FORMATS]).toEqual(['paypal', 'wise']);
  });

  test.each(EXPORT_FORMATS)('%s: every record ends with CRLF, the last one too, and no bare CR or LF is left', (format) => {
    const body = payoutFile(format, TWO_ROWS, 'USD').body;
    expect(body.endsWith('\r\n')).toBe(true);
    expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(body.split('\r\n')).toHaveLength(format === 'wise' ? 4 : 3);
  });

  test.each(EXPORT_FORMATS)('%s: UTF-8 without byte-order mark', (format) => {
    const body = payoutFile(format, TWO_ROWS, 'USD').body;
    expect(body.charCodeAt(0)).not.toBe(0xfeff);
    const bytes = Buffer.from(body, 'utf8');
    expect([...bytes.subarray(0, 3)]).not.toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toBe(body);
  });

  test.each([
    ['JPY', '1234.5', '1235', 'AFF2345678'],
    ['KWD', '1.2345', '1.235', 'AFF2345678'],
  ])('%s amounts carry the currency minor-unit digits in the file', (currency, amount, written) => {
    const paypal = payoutFile('paypal', [row({ currency, amount })], currency).body;
    expect(paypal).toBe(`jane@example.com,${written},${currency},po_3c4600071238abcdef012345678,Affiliate commissions from Acme,PAYPAL\r\n`);
    const wise = payoutFile('wise', [row({ currency, amount })], currency).body;
    expect(wise.split('\r\n')[1]).toBe(`Jane Doe,jane@example.com,AFF2345678,PRIVATE,${currency},${written},${currency},${currency}`);
  });

  test.each(EXPORT_FORMATS)('%s: a second currency in the rows is refused (one currency per file)', (format) => {
    const rows = [row(), row({ id: ID_2, currency: 'EUR' })];
    expect(() => payoutFile(format, rows, 'USD')).toThrow(/currencies USD and EUR/);
  });

  test.each(EXPORT_FORMATS)('%s: a source currency other than the rows currency is refused', (format) => {
    expect(() => payoutFile(format, [row()], 'EUR')).toThrow(/source currency EUR/);
  });

  test.each(EXPORT_FORMATS)('%s: a currency that is not an upper-case ISO code is refused', (format) => {
    expect(() => payoutFile(format, [row({ currency: 'usd' })], 'usd')).toThrow(/not a currency code/);
    expect(() => payoutFile(format, [row({ currency: '=US' })], '=US')).toThrow(/not a currency code/);
  });

  test.each(EXPORT_FORMATS)('%s: payouts of two batches in one file are refused', (format) => {
    const other = '0191a3c4-5e6f-7a8b-9c0d-000000000000';
    expect(() => payoutFile(format, [row(), row({ id: ID_2, batchId: other })], 'USD')).toThrow(/batches/);
  });

  test.each(EXPORT_FORMATS)('%s: no rows is refused (the filename names the batch of the rows)', (format) => {
    expect(() => payoutFile(format, [], 'USD')).toThrow(/no payouts/);
  });

  test.each(EXPORT_FORMATS)('%s: a batch id that is not a UUID is refused (it goes into the filename)', (format) => {
    expect(() => payoutFile(format, [row({ batchId: '../x"\r\n' })], 'USD')).toThrow(/not a batch id/);
  });

  test.each(EXPORT_FORMATS)('%s: a zero, negative or rounds-to-zero amount is refused, not written', (format) => {
    for (const amount of ['0', '0.000000', '-0.5', '-12.345000', '0.004999']) {
      expect(() => payoutFile(format, [row(), row({ id: ID_2, amount })], 'USD')).toThrow(/not positive/);
    }
  });

  test('an unknown format is refused', () => {
    expect(() => payoutFile('csv' as ExportFormat, [row()], 'USD')).toThrow(/unknown format/);
  });
});

describe('exportAmount: rounded once, half-up, to the minor unit', () => {
  test.each([
    ['10.005', 'USD', '10.01'], // exactly half: up
    ['10.004999', 'USD', '10.00'], // below half: down
    ['1.0049', 'USD', '1.00'], // once: rounding to 3 places first (1.005) and then to 2 would give 1.01
    ['12.345000', 'USD', '12.35'], // numeric(18,6) text
    ['2.675', 'USD', '2.68'], // 2.67499999… as a binary float: exact decimals round up
    ['0.005', 'USD', '0.01'],
    ['100', 'USD', '100.00'], // the minor-unit digits are always written
    ['0.1', 'EUR', '0.10'],
    ['1234.5', 'JPY', '1235'],
    ['1234.499999', 'JPY', '1234'],
    ['100.000000', 'JPY', '100'], // zero-decimal: no separator
    ['1.2345', 'KWD', '1.235'],
    ['1.2344999', 'KWD', '1.234'],
    ['7', 'BHD', '7.000'],
    ['999999999999.995000', 'USD', '1000000000000.00'], // numeric(18,6)'s largest range, beyond float precision
  ])('%s %s → %s', (amount, currency, expected) => {
    expect(exportAmount(amount, currency)).toBe(expected);
  });

  test.each(['0', '0.000000', '-0', '-0.5', '-100', '0.004', '0.004999'])('USD %s is refused: only positive payouts are written', (amount) => {
    expect(() => exportAmount(amount, 'USD')).toThrow(/not positive/);
  });

  test('JPY 0.4 rounds to 0 yen: refused', () => {
    expect(() => exportAmount('0.4', 'JPY')).toThrow(/not positive/);
  });

  test.each(['', 'NaN', '1e3', '12,50', 'abc'])('%j is not a decimal: refused', (amount) => {
    expect(() => exportAmount(amount, 'USD')).toThrow();
  });

  test('matches an independent integer computation for any numeric(18,6) amount', () => {
    const currencies = fc.constantFrom({ currency: 'USD', minor: 2 }, { currency: 'JPY', minor: 0 }, { currency: 'KWD', minor: 3 });
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 18n - 1n }), currencies, (micro, { currency, minor }) => {
        // micro-units (scale 6) to minor units, half-up, in integers only
        const divisor = 10n ** BigInt(6 - minor);
        const units = micro / divisor + ((micro % divisor) * 2n >= divisor ? 1n : 0n);
        const text = `${micro / 1_000_000n}.${(micro % 1_000_000n).toString().padStart(6, '0')}`;
        if (units === 0n) {
          expect(() => exportAmount(text, currency)).toThrow(/not positive/);
          return;
        }
        const s = units.toString().padStart(minor + 1, '0');
        expect(exportAmount(text, currency)).toBe(minor === 0 ? s : `${s.slice(0, -minor)}.${s.slice(-minor)}`);
      }),
    );
  });
});

describe('csvField and csvRow', () => {
  test.each([
    ['=', '=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+', '+1 555 0100', "'+1 555 0100"],
    ['-', '-2+3', "'-2+3"],
    ['@', '@SUM(A1)', "'@SUM(A1)"],
    ['TAB', '\t=1+1', "'\t=1+1"], // a tab needs no quoting, only the prefix
    ['CR', '\r=1+1', '"\'\r=1+1"'], // the prefix, then quoted since it holds a CR
  ])('a value starting with %s gets a leading quote', (_what, value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  test('a formula prefix that also needs quoting: prefixed, then quoted with quotes doubled', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
  });

  test.each([
    ['plain text', 'Jane Doe', 'Jane Doe'],
    ['empty', '', ''],
    ['unicode', 'Zoë Ångström 山田', 'Zoë Ångström 山田'],
    ['a formula character inside, not first', 'a=b+c-d@e', 'a=b+c-d@e'],
    ['a leading apostrophe (already text)', "'quoted", "'quoted"],
    ['a leading space', ' =1', ' =1'],
    ['a comma', 'Doe, Jane', '"Doe, Jane"'],
    ['a quote', 'Jane "JJ" Doe', '"Jane ""JJ"" Doe"'],
    ['a LF', 'a\nb', '"a\nb"'],
    ['a CR', 'a\rb', '"a\rb"'],
    ['a CRLF', 'a\r\nb', '"a\r\nb"'],
    ['a positive amount (never prefixed)', '12.35', '12.35'],
  ])('RFC 4180: %s', (_what, value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  test('csvRow joins escaped cells with commas and ends with CRLF', () => {
    expect(csvRow(['a', 'b,c', '=d', ''])).toBe('a,"b,c",\'=d,\r\n');
  });

  test('any row reads back as its cells, each neutralised when it starts like a formula', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'Z', '9', ' ', ',', '"', '\r', '\n', '\t', '=', '+', '-', '@', "'", 'é', '😀'), maxLength: 12 });
    fc.assert(
      fc.property(fc.array(cell, { minLength: 1, maxLength: 6 }), (fields) => {
        const expected = fields.map((f) => (/^[=+\-@\t\r]/.test(f) ? `'${f}` : f));
        expect(parseRecord(csvRow(fields))).toEqual(expected);
      }),
    );
  });
});

describe('references', () => {
  test('PayPal: po_ and the last 27 hex digits of the payout id, 30 characters', () => {
    expect(paypalReference(ID_1)).toBe('po_3c4600071238abcdef012345678');
    expect(paypalReference(ID_1)).toHaveLength(30);
  });

  test('Wise: AFF and the last 7 hex digits, upper case, 10 characters', () => {
    expect(wiseReference(ID_1)).toBe('AFF2345678');
    expect(wiseReference(ID_2)).toBe('AFFC3D4E5F');
  });

  test('an upper-case UUID gives the same references', () => {
    expect(paypalReference(ID_2.toUpperCase())).toBe(paypalReference(ID_2));
    expect(wiseReference(ID_2.toUpperCase())).toBe(wiseReference(ID_2));
  });

  test('ids of one batch (same millisecond, same time prefix) get different references: the tail is used, not the head', () => {
    expect(ID_1.slice(0, 14)).toBe(ID_2.slice(0, 14));
    expect(paypalReference(ID_1)).not.toBe(paypalReference(ID_2));
    expect(wiseReference(ID_1)).not.toBe(wiseReference(ID_2));
  });

  test('for real ids: PayPal ≤ 30 characters without spaces, Wise ≤ 10 letters and digits', () => {
    const ids = Array.from({ length: 1000 }, () => newId());
    for (const id of ids) {
      const paypal = paypalReference(id);
      expect(paypal.length).toBeLessThanOrEqual(30);
      expect(paypal).toMatch(/^po_[0-9a-f]{27}$/);
      expect(paypal).not.toMatch(/\s/);
      const wise = wiseReference(id);
      expect(wise.length).toBeLessThanOrEqual(10);
      expect(wise).toMatch(/^AFF[0-9A-F]{7}$/);
      expect(wise).toMatch(/^[A-Za-z0-9]+$/);
    }
    // 62 random bits per PayPal reference: 1000 ids made in a burst never share one.
    expect(new Set(ids.map(paypalReference)).size).toBe(ids.length);
  });

  test.each(['', 'not-a-uuid', '0191a3c4600071238abcdef012345678', '0191a3c4-6000-7123-8abc-def01234567g'])('%j is not a payout id: refused', (id) => {
    expect(() => paypalReference(id)).toThrow(/not a payout id/);
    expect(() => wiseReference(id)).toThrow(/not a payout id/);
  });
});
