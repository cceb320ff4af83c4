import Testing

@testable import GeneratorEmitting

/// How a factory passes each of its parameters on to the function that holds the schema's code,
/// read from the parameter's type: no golden declares an `inout`, `@autoclosure` or variadic one.
@Suite struct ForwardedParameterTests {
    @Test(arguments: [
        ("Int", "Int", "value"), ("inout Int", "inout Int", "&value"),
        ("inout [String: Int]", "inout [String: Int]", "&value"),
        ("@autoclosure @escaping () -> Bool", "@autoclosure @escaping () -> Bool", "value()"),
        ("@escaping () -> Bool", "@escaping () -> Bool", "value"), ("Int...", "[Int]", "value"),
        ("Array< Int > ...", "[Array< Int >]", "value"), (" [String]...", "[[String]]", "value"),
    ])
    func parameterIsDeclaredAndPassedByItsType(type: String, declared: String, argument: String) {
        let parameter = ForwardedParameter(type: type)
        #expect(parameter.declaredType == declared)
        #expect(parameter.argument("value") == argument)
    }
}
