// The ICU4J peer of `collate` (sort only), for Benchmarks/run pipeline:
//   java -cp icu4j.jar:DIR ICU4JSort LOCALE FILE > out.txt
// One RawCollationKey per line (ICU4J's Collator for LOCALE), lines sorted by key.
import com.ibm.icu.text.Collator;
import com.ibm.icu.text.RawCollationKey;
import com.ibm.icu.util.ULocale;
import java.io.BufferedOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;

public final class ICU4JSort {
    public static void main(String[] args) throws Exception {
        Collator collator = Collator.getInstance(new ULocale(args[0]));
        List<String> lines = Files.readAllLines(Paths.get(args[1]), StandardCharsets.UTF_8);
        Object[][] keyed = new Object[lines.size()][];
        for (int i = 0; i < keyed.length; i++) {
            RawCollationKey key = collator.getRawCollationKey(lines.get(i), null);
            keyed[i] = new Object[] {key, lines.get(i)};
        }
        Arrays.sort(keyed, (a, b) -> ((RawCollationKey) a[0]).compareTo((RawCollationKey) b[0]));
        BufferedOutputStream out = new BufferedOutputStream(System.out, 1 << 20);
        for (Object[] item : keyed) {
            out.write(((String) item[1]).getBytes(StandardCharsets.UTF_8));
            out.write('\n');
        }
        out.flush();
    }
}
