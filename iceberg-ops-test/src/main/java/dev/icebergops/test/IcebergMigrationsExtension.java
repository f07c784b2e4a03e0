package dev.icebergops.test;

import dev.icebergops.migration.Migration;
import dev.icebergops.migration.MigrationContext;
import dev.icebergops.migration.MigrationContexts;
import dev.icebergops.migration.MigrationFactory;
import dev.icebergops.migration.TableNames;
import dev.icebergops.runner.MigrationRunner;
import dev.icebergops.test.env.IcebergTestEnvironment;
import dev.icebergops.test.internal.ExpectedBackfill;
import java.lang.reflect.Parameter;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The extension behind {@link IcebergMigrations}, and its programmatic form for what an annotation
 * cannot say: any {@link IcebergTestEnvironment} a team brings (its own Polaris, Nessie or
 * Lakekeeper container, say), a {@link MigrationFactory} that injects dependencies into migrations,
 * and a shared history namespace. Register it in a static field:
 *
 * <pre>{@code
 * class SalesMigrationsTest implements MigrationSuite {
 *   static final PolarisEnvironment POLARIS = new PolarisEnvironment();   // an IcebergTestEnvironment
 *
 *   @RegisterExtension
 *   static final IcebergMigrationsExtension ops =
 *       IcebergMigrationsExtension.builder()
 *           .locations("classpath:com/acme/sales/db/iceberg")
 *           .environment(POLARIS)
 *           .factory(type -> injector.getInstance(type))
 *           .irreversible("0003")
 *           .build();
 *
 *   @Test @MigrateTo("0002")
 *   void durationsSurviveTheRetype(MigrationRunner runner, IcebergTestData data) { ... }
 * }
 * }</pre>
 *
 * <p>The standard checks ({@link MigrationSuite}), the injected parameters and the AssertJ
 * assertions work the same as with the annotation. The class's settings are checked once, before
 * its first test: a mistake fails the class with one {@link ExtensionConfigurationException}.
 * {@code @Nested} classes use their enclosing class's settings. Do not combine with {@link
 * IcebergMigrations} on the same class.
 */
public final class IcebergMigrationsExtension
    implements BeforeAllCallback,
        BeforeEachCallback,
        AfterEachCallback,
        AfterAllCallback,
        ParameterResolver {

  /**
   * What is injected from a test's namespace, by parameter type; a {@code Table} is loaded by the
   * name its {@link IcebergTable} gives.
   */
  private static final Map<Class<?>, BiFunction<TestNamespace, ExtensionContext, Object>> INJECTED =
      Map.of(
          Catalog.class, (namespace, context) -> namespace.catalog(),
          MigrationRunner.class, (namespace, context) -> namespace.runner(),
          MigrationContext.class,
              (namespace, context) -> MigrationContexts.of(namespace.catalog(), namespace.name()),
          IcebergTestEnvironment.class, (namespace, context) -> namespace.environment(),
          IcebergTestData.class,
              (namespace, context) -> new IcebergTestData(namespace.catalog(), namespace.name()),
          StandardChecks.class, IcebergMigrationsExtension::standardChecks);

  /** Checks and reads the configuration of a test class, once, before its first test. */
  private final Function<ExtensionContext, SuiteConfig> config;

  /** The extension of {@link IcebergMigrations}, configured by the annotation. */
  IcebergMigrationsExtension() {
    this(context -> SuiteAnnotation.read(context, null, null, null, null, List.of()));
  }

  private IcebergMigrationsExtension(Function<ExtensionContext, SuiteConfig> config) {
    this.config = config;
  }

  /**
   * Starts configuring the extension; give the migrations with {@code locations} or {@code
   * classes}.
   *
   * @return a new builder
   */
  public static Builder builder() {
    return new Builder();
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    ClassState.open(context, config.apply(context)); // closed by JUnit when the class ends
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    ClassState state = ClassState.of(context);
    if (state == null) {
      throw SuiteConfig.refused(
          context.getRequiredTestClass(), "register IcebergMigrationsExtension in a static field");
    }
    // the store drops the namespace when the test ends, whatever happens before
    TestNamespace namespace = state.newNamespace(context.getRequiredTestMethod());
    context.getStore(ClassState.STORE).put(TestNamespace.class, namespace);
    namespace.prepare();
    state.report().migrations(state.migrations());
    state.report().skippedMigrations(namespace::skipped);
  }

  @Override
  public void afterEach(ExtensionContext context) {
    TestNamespace namespace = namespace(context);
    if (namespace == null || !namespace.isPrepared()) {
      return;
    }
    namespace.checkShared();
    ClassState state = ClassState.of(context);
    if (state.config().checkDowngrade() && context.getExecutionException().isEmpty()) {
      new RollbackCheck(state.config(), state.shapes()).run(namespace);
    }
  }

  @Override
  public void afterAll(ExtensionContext context) {
    ClassState state = ClassState.of(context);
    if (state != null) {
      ClassReports.write(context, state.report());
    }
  }

  private static TestNamespace namespace(ExtensionContext context) {
    return context.getStore(ClassState.STORE).get(TestNamespace.class, TestNamespace.class);
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    return INJECTED.containsKey(type) || type == Table.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    TestNamespace namespace = namespace(context);
    Parameter p = parameter.getParameter();
    if (namespace == null) {
      throw new ParameterResolutionException(
          ("Cannot inject %s into %s: iceberg-ops injects only into test methods and"
                  + " @BeforeEach/@AfterEach methods")
              .formatted(p.getType().getSimpleName(), p.getDeclaringExecutable().getName()));
    }
    BiFunction<TestNamespace, ExtensionContext, Object> injected = INJECTED.get(p.getType());
    return injected != null ? injected.apply(namespace, context) : table(namespace, parameter);
  }

  private static StandardChecks standardChecks(TestNamespace namespace, ExtensionContext context) {
    ClassState state = ClassState.of(context);
    return new StandardChecks(
        state.config(),
        namespace.runner(),
        state.report(),
        state.journey(),
        state.journeyStart(),
        entry -> context.publishReportEntry("iceberg-ops", entry));
  }

  private static Table table(TestNamespace namespace, ParameterContext parameter) {
    Parameter p = parameter.getParameter();
    IcebergTable annotation =
        parameter
            .findAnnotation(IcebergTable.class)
            .orElseThrow(
                () ->
                    new ExtensionConfigurationException(
                        ("Cannot inject Table parameter '%s' of %s: annotate it with"
                                + " @IcebergTable(\"<table name>\")")
                            .formatted(p.getName(), p.getDeclaringExecutable().getName())));
    String name = annotation.value();
    TableIdentifier id = TableNames.identifier(namespace.name(), name);
    try {
      return namespace.catalog().loadTable(id);
    } catch (NoSuchTableException e) {
      throw new ParameterResolutionException(
          "Cannot inject @IcebergTable(\"%s\"): table %s does not exist at version %s"
              .formatted(
                  name, id, namespace.runner().current().orElse(MigrationRunner.BASE_VERSION)),
          e);
    }
  }

  /**
   * Configures an {@link IcebergMigrationsExtension}: the attributes of {@link IcebergMigrations},
   * each with the same meaning and default, plus {@link #environment}, {@link #factory} and {@link
   * #metaNamespace}. Values are checked when the first test class runs, like the annotation's.
   */
  public static final class Builder {
    /** The attributes given, by name; an attribute not given has the annotation's default. */
    private final Map<String, Object> attributes = new HashMap<>();

    private IcebergTestEnvironment environment;
    private MigrationFactory factory = MigrationFactory.publicNoArgConstructor();
    private String metaNamespace;
    private final List<ExpectedBackfill> backfills = new ArrayList<>();

    private Builder() {}

    /** See {@link IcebergMigrations#locations()}: e.g. {@code classpath:com/acme/db/iceberg}. */
    public Builder locations(String... value) {
      return set("locations", Objects.requireNonNull(value, "locations").clone());
    }

    /** See {@link IcebergMigrations#classes()}. */
    @SafeVarargs
    public final Builder classes(Class<? extends Migration>... value) {
      return set("classes", Objects.requireNonNull(value, "classes").clone());
    }

    /** See {@link IcebergMigrations#namespacePrefix()}. */
    public Builder namespacePrefix(String value) {
      return set("namespacePrefix", Objects.requireNonNull(value, "namespacePrefix"));
    }

    /** See {@link IcebergMigrations#backend()}; ignored when an {@link #environment} is given. */
    public Builder backend(Backend value) {
      return set("backend", Objects.requireNonNull(value, "backend"));
    }

    /** See {@link IcebergMigrations#target()}. */
    public Builder target(String value) {
      return set("target", Objects.requireNonNull(value, "target"));
    }

    /** See {@link IcebergMigrations#downTo()}. */
    public Builder downTo(String value) {
      return set("downTo", Objects.requireNonNull(value, "downTo"));
    }

    /** See {@link IcebergMigrations#irreversible()}. */
    public Builder irreversible(String... value) {
      return set("irreversible", Objects.requireNonNull(value, "irreversible").clone());
    }

    /**
     * Declares a backfill, as a {@link Backfill} in {@link IcebergMigrations#backfills()} does,
     * with the values as a lambda: {@code .backfill("0002", "payments", "amount_cents", "amount x
     * 100", row -> ((BigDecimal) row.get("amount")).movePointRight(2).longValueExact())}.
     *
     * @param version the version whose upgrade writes the values
     * @param table the table, without namespace
     * @param column the column, by its name right after the version's upgrade
     * @param description what the values are, for failure messages
     * @param values computes the value for each row written before the version
     * @return this builder
     * @throws NullPointerException if an argument is null
     */
    public Builder backfill(
        String version, String table, String column, String description, BackfillValues values) {
      // the record requires its other components
      BackfillValues checked = Objects.requireNonNull(values, "values");
      backfills.add(new ExpectedBackfill(version, table, column, description, checked::expected));
      return this;
    }

    /** See {@link IcebergMigrations#checkDowngrade()}. */
    public Builder checkDowngrade(boolean value) {
      return set("checkDowngrade", value);
    }

    /** See {@link IcebergMigrations#fullRollbackEachTest()}. */
    public Builder fullRollbackEachTest(boolean value) {
      return set("fullRollbackEachTest", value);
    }

    /** See {@link IcebergMigrations#copySchemaHistory()}. */
    public Builder copySchemaHistory(boolean value) {
      return set("copySchemaHistory", value);
    }

    /** See {@link IcebergMigrations#contracts()}. */
    public Builder contracts(String value) {
      return set("contracts", Objects.requireNonNull(value, "contracts"));
    }

    /** See {@link IcebergMigrations#startFrom()}. */
    public Builder startFrom(String value) {
      return set("startFrom", Objects.requireNonNull(value, "startFrom"));
    }

    /** See {@link IcebergMigrations#strictFieldIds()}. */
    public Builder strictFieldIds(boolean value) {
      return set("strictFieldIds", value);
    }

    /** See {@link IcebergMigrations#failOnSkippedMigrations()}. */
    public Builder failOnSkippedMigrations(boolean value) {
      return set("failOnSkippedMigrations", value);
    }

    /**
     * The environment every test runs against, instead of one of a {@link Backend}: a team's own
     * catalog and store. The extension starts it before the first test (if not yet started) and
     * closes it when the test run ends.
     *
     * @param value the environment
     * @return this builder
     */
    public Builder environment(IcebergTestEnvironment value) {
      this.environment = Objects.requireNonNull(value, "environment");
      return this;
    }

    /**
     * Creates migration instances, for migrations with constructor dependencies; by default through
     * their public no-arg constructor.
     *
     * @param value the factory
     * @return this builder
     */
    public Builder factory(MigrationFactory value) {
      this.factory = Objects.requireNonNull(value, "factory");
      return this;
    }

    /**
     * The namespace of the history table that every test shares, each test's rows under its own
     * namespace; neither the table nor a test's rows are dropped after a test. By default the tests
     * of each class share a history namespace of the class's own ({@code
     * <prefix>_history_<random>}): a test's rows are deleted with its namespace, and the table is
     * dropped when the class ends.
     *
     * @param value the meta-namespace, e.g. {@code _iceberg_ops}
     * @return this builder
     * @throws IllegalArgumentException if {@code value} is blank
     */
    public Builder metaNamespace(String value) {
      if (value == null || value.isBlank()) {
        throw new IllegalArgumentException("Cannot use meta-namespace: empty");
      }
      this.metaNamespace = value;
      return this;
    }

    /**
     * Builds the extension, for a static field annotated with {@code @RegisterExtension}.
     *
     * @return the extension
     */
    public IcebergMigrationsExtension build() {
      IcebergMigrations given = attributes();
      IcebergTestEnvironment environment = this.environment;
      MigrationFactory factory = this.factory;
      String metaNamespace = this.metaNamespace;
      List<ExpectedBackfill> backfills = List.copyOf(this.backfills);
      return new IcebergMigrationsExtension(
          context ->
              SuiteAnnotation.read(context, given, environment, factory, metaNamespace, backfills));
    }

    private Builder set(String attribute, Object value) {
      attributes.put(attribute, value);
      return this;
    }

    /** The attributes given so far, the annotation's defaults for the others. */
    IcebergMigrations attributes() {
      Map<String, Object> values = Map.copyOf(attributes);
      return (IcebergMigrations)
          Proxy.newProxyInstance(
              IcebergMigrations.class.getClassLoader(),
              new Class<?>[] {IcebergMigrations.class},
              (proxy, method, arguments) ->
                  switch (method.getName()) {
                    case "annotationType" -> IcebergMigrations.class;
                    case "toString" -> "IcebergMigrationsExtension.builder()" + values;
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == arguments[0];
                    default -> values.getOrDefault(method.getName(), method.getDefaultValue());
                  });
    }
  }
}
