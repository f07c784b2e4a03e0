// plan --preview showed the pending versions and wrote nothing (plan then still listed both
// pending); migrate applied both compiled migrations to the embedded catalog, status showed them
// applied, unlock found no lease left; the catalog holds what they did: the orders table with its
// added column, and two rows of history, both applied.
import dev.icebergops.catalog.CatalogFactory
import dev.icebergops.config.IcebergOpsConfig
import dev.icebergops.history.HistoryRecord
import dev.icebergops.history.MigrationHistory
import org.apache.iceberg.catalog.TableIdentifier

def log = new File(basedir, 'build.log').readLines()
def has = { String text -> log.any { it.contains(text) } }
['[INFO] Applied migration 0001 (Create orders) to shop', '[INFO] Applied migration 0002 (Add region to orders) to shop',
 '[INFO] shop is now at 0002',
 '[INFO] Versions of shop:'].each {
  assert has(it) : "Expecting \"${it}\" in the build log, but it is missing"
}
assert log.any { it ==~ /\[INFO\] 2 versions in \d+ ms; the whole migrate took \d+ ms/ } :
    'Expecting migrate to end with the sum of the versions\' times and the wall time of the whole run'
assert has('[INFO] Preview of shop') : 'Expecting the preview in the build log'
['0001\\s+Create orders\\s+pending', '0002\\s+Add region to orders\\s+pending'].each { line ->
  assert log.any { it ==~ /\[INFO\]   ${line}/ } : "Expecting plan to list /${line}/ after the preview"
}
assert has('[INFO] No run lease is held on shop') : 'Expecting unlock to find no lease after migrate'
['0001\\s+Create orders\\s+applied', '0002\\s+Add region to orders\\s+applied'].each { line ->
  assert log.any { it ==~ /\[INFO\]   ${line}  \d{4}-.*/ } : "Expecting status to show /${line}/ with its time"
}
// status's table, as the command line's: each column starts where its header does, in every row
def header = log.findLastIndexOf { it.startsWith('[INFO]   VERSION  ') }
assert header >= 0 : 'Expecting status to print a table header'
def table = log[header..header + 2]
['DESCRIPTION', 'STATE', 'UPDATED'].each { column ->
  def at = table[0].indexOf(column)
  table.tail().each { row ->
    assert row.substring(at - 2, at) == '  ' && row.charAt(at) != (char) ' ' :
        "Expecting column ${column} at offset ${at} in every row of status's table, but it reads:\n${table.join('\n')}"
  }
}
// as quiet as the command line: none of Iceberg's metrics reports (LoggingMetricsReporter, at INFO)
def reports = log.findAll { it =~ /(?i)metrics report|LoggingMetricsReporter/ }
assert reports.isEmpty() : "Expecting no metrics report in the build log, but found ${reports.size()}:\n${reports.take(2).join('\n')}"
assert has('BUILD SUCCESS')
def errors = log.findAll { it.contains('ERROR') }
def traces = log.findAll { it ==~ /\s+at [\w$.<>\/]+ ?\(.*\)/ || it.startsWith('Caused by: ') }
assert errors.isEmpty() : "Expecting no ERROR in the build log, but found:\n${errors.take(5).join('\n')}"
assert traces.isEmpty() : "Expecting no stack trace in the build log, but found:\n${traces.take(5).join('\n')}"

def catalog = CatalogFactory.build('local',
    IcebergOpsConfig.embeddedProperties(new File(basedir, IcebergOpsConfig.LOCAL_DIR).toPath()))
try {
  def orders = catalog.loadTable(TableIdentifier.of('shop', 'orders'))
  assert orders.schema().columns()*.name() == ['order_id', 'amount', 'created_at', 'region'] :
      "Expecting orders with the region column added, but its columns are ${orders.schema().columns()*.name()}"
  def history = new MigrationHistory(catalog).read('shop')
  assert history*.version() == ['0001', '0002'] : "Expecting history rows 0001 and 0002, but found ${history*.version()}"
  assert history.every { it.status() == HistoryRecord.Status.APPLIED } : "Expecting every row applied: ${history}"
} finally {
  catalog.close()
}
return true
