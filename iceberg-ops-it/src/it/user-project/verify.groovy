// Checks the user's build beyond "it passed": the classes were compiled for Java 17 (the
// snippet's maven.compiler.release), Surefire ran the tests, the data migration's test among them,
// the embedded server said nothing at ERROR level (plain slf4j-simple, no
// simplelogger.properties), and the BOM aligned the AWS SDK, Iceberg, Jetty and Parquet on the
// tests' class path and brought Hadoop as two jars, without its own dependency tree. The project
// is built once per JUnit Jupiter version of invoker.properties: every run passes the same tests
// on the JUnit jars of its version.
def classFile = new File(basedir, 'target/classes/com/acme/shop/db/iceberg/V0003__SeedRegions.class')
assert classFile.isFile() : "Expecting the data migration compiled to ${classFile}, but it is missing"
def major = new DataInputStream(new FileInputStream(classFile)).withCloseable { it.readInt(); it.readUnsignedShort(); it.readUnsignedShort() }
assert major == 61 : "Expecting ${classFile.name} compiled for Java 17 (class file version 61), but it is version ${major}"

def log = new File(basedir, 'build.log').readLines()
println "user-project build.log: ${log.size()} lines"

// the JUnit Jupiter version of each run (invoker.properties), and its report's name suffix
def junitRuns = [['5.14.1', ''], ['5.9.3', '-junit-5.9.3'], ['6.0.0', '-junit-6.0.0'], ['6.1.3', '-junit-6.1.3']]
def totals = log.findAll { it ==~ /.*Tests run: \d+, Failures: \d+, Errors: \d+, Skipped: \d+$/ }
assert totals.size() == junitRuns.size() :
    "Expecting one test summary per run (${junitRuns.size()}), but Surefire printed ${totals.size()}:\n${totals.join('\n')}"
totals.each { total ->
  def summary = (total =~ /Tests run: (\d+), Failures: (\d+), Errors: (\d+), Skipped: (\d+)/)[0]
  assert summary[1] as int >= 2 : "Expecting Surefire to run the suite's tests, but: ${total}"
  assert summary[4] as int == 0 : "Expecting no skipped test, but: ${total}"
}

def repository = new File(localRepositoryPath.toString()).canonicalFile.toPath()
// the jars of a report's test class path, as Surefire recorded it, by group, artifact and version
def jarsOf = { report ->
  def classPath = report.properties.property.find { it.@name == 'surefire.test.class.path' }.@value.text()
  classPath.split(File.pathSeparator)
      .collect { new File(it).canonicalFile.toPath() }
      .findAll { it.startsWith(repository) && it.toString().endsWith('.jar') }
      .collect { jar ->
        def versionDir = repository.relativize(jar.parent)
        [group: versionDir.parent.parent.toString().replace(File.separator, '.'),
         artifact: versionDir.parent.fileName.toString(), version: versionDir.fileName.toString()]
      }
}
def reports = junitRuns.collect { version, suffix ->
  def file = new File(basedir, "target/surefire-reports/TEST-com.acme.shop.ShopMigrationsTest${suffix}.xml")
  assert file.isFile() : "Expecting the report of the run on JUnit ${version} at ${file}, but it is missing"
  def report = new groovy.xml.XmlSlurper().parse(file)
  def passed = report.testcase.findAll { test -> ['failure', 'error', 'skipped'].every { test[it].isEmpty() } }*.@name*.text()
  assert passed.any { it.startsWith('everyOrdersRegionIsSeeded') } :
      "Expecting the data migration's test to pass on JUnit ${version}, but the passing tests are ${passed}"
  def jupiter = jarsOf(report).findAll { it.group == 'org.junit.jupiter' }.collect { "${it.artifact}:${it.version}" }.sort()
  assert !jupiter.isEmpty() && jupiter.every { it.endsWith(":${version}") } :
      "Expecting the run on JUnit ${version} to test with Jupiter ${version} jars, but found ${jupiter}"
  report
}
def report = reports.first()

def errors = log.findAll { it.contains('ERROR') }
def traces = log.findAll { it ==~ /\s+at [\w$.<>\/]+ ?\(.*\)/ || it.startsWith("Caused by: ") }
def warnings = log.findAll { it ==~ /.*\] WARN .*/ }
println "ERROR lines: ${errors.size()}, stack trace lines: ${traces.size()}, WARN lines: ${warnings.size()}"
assert errors.isEmpty() : "Expecting no ERROR in a passing run, but found ${errors.size()}:\n${errors.take(5).join('\n')}"
assert traces.isEmpty() : "Expecting no stack trace in a passing run, but found ${traces.size()} lines:\n${traces.take(5).join('\n')}"

def jars = jarsOf(report)
def aligned = { String group, String version, int atLeast ->
  def found = jars.findAll { it.group == group || it.group.startsWith(group + '.') }
  def versions = found*.version.unique()
  assert found.size() >= atLeast : "Expecting ${group} on the class path, but found ${found.size()} jars"
  assert versions == [version] :
      "Expecting every ${group} jar at ${version}, but found ${versions}:\n" +
      found.collect { "${it.group}:${it.artifact}:${it.version}" }.join('\n')
}
aligned('software.amazon.awssdk', awssdkVersion, 10)
aligned('org.apache.iceberg', icebergVersion, 5)
aligned('org.eclipse.jetty', jettyVersion, 3)
aligned('org.apache.parquet', parquetVersion, 4)
def hadoop = jars.findAll { it.group == 'org.apache.hadoop' }.collect { "${it.artifact}:${it.version}" }.sort()
assert hadoop == ["hadoop-common:${hadoopVersion}", "hadoop-mapreduce-client-core:${hadoopVersion}"]*.toString() :
    "Expecting Hadoop as hadoop-common and hadoop-mapreduce-client-core ${hadoopVersion}, but found ${hadoop}"
return true
