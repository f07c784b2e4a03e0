// The first build applied 0001 and 0002 from source files and validated them; the second, with
// 0001 edited, failed validate with a finding that names 0001 and says it changed, without a stack
// trace, and left the history as it was; the third repaired 0001 (its new checksum accepted), and
// validate passed on the edited migrations; the fourth, with failOnSkippedMigrations, failed
// validate naming the misnamed v0003_add_note.java that the third only warned about.
import dev.icebergops.catalog.CatalogFactory
import dev.icebergops.config.IcebergOpsConfig
import dev.icebergops.history.MigrationHistory

def log = new File(basedir, 'build.log').readLines()
println "validate-edited build.log: ${log.size()} lines"
assert log.any { it.contains('[INFO] Applied migration 0001 (Create orders) to shop') }
assert log.any { it.contains('[INFO] Applied migration 0002 (Add region) to shop') }
assert log.count { it.contains('[INFO] Valid: shop has no out-of-order, missing, edited, failed or interrupted version') } == 2 :
    'Expecting the first and the third build to validate'

def failure = log.findIndexOf { it.startsWith('[ERROR] Failed to execute goal dev.icebergops:iceberg-ops-maven-plugin:') }
assert failure >= 0 : 'Expecting the second build to fail at validate'
assert log[failure].contains(':validate (default-cli) on project shop-validate-edited: ') : "Expecting validate to fail: ${log[failure]}"
// the message: the runner's first line, then each finding on a line of its own
def findings = log.drop(failure + 1).takeWhile { it.startsWith('[ERROR]   - ') }
assert findings.size() == 1 : "Expecting one finding, but found:\n${log.drop(failure).take(5).join('\n')}"
assert findings[0].contains('0001') && findings[0].contains('was applied with checksum') :
    "Expecting the finding to name 0001 as changed since applied, but it is: ${findings[0]}"
def traces = log.findAll { it ==~ /\s+at [\w$.<>\/]+ ?\(.*\)/ || it.startsWith('Caused by: ') }
assert traces.isEmpty() : "Expecting no stack trace in the build log, but found:\n${traces.take(5).join('\n')}"

// the plugin's lines (the runner's own say "Repaired migration 0001 in shop")
def repaired = log.findAll { it ==~ /\[INFO\] Repaired \d{4} .*/ }
assert repaired.size() == 1 && repaired[0].startsWith('[INFO] Repaired 0001 Create orders: ') :
    "Expecting repair to accept the edit of 0001 alone, but it logged: ${repaired}"

def skipped = log.findAll { it.contains(':validate (default-cli) on project shop-validate-edited: Cannot validate shop: failOnSkippedMigrations is on, and the source skips 1 migration: Skipping ') }
assert skipped.size() == 1 && skipped[0].contains('v0003_add_note.java: class v0003_add_note: it is a Migration') :
    "Expecting the fourth build to fail validate naming the skipped file, but found: ${skipped}"

def catalog = CatalogFactory.build('local',
    IcebergOpsConfig.embeddedProperties(new File(basedir, IcebergOpsConfig.LOCAL_DIR).toPath()))
try {
  def history = new MigrationHistory(catalog).read('shop')
  assert history*.version() == ['0001', '0002'] : "Expecting history rows 0001 and 0002, but found ${history*.version()}"
} finally {
  catalog.close()
}
return true
