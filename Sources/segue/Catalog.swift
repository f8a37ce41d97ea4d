// What the CLI can show: screens come from the library's demo; transitions are gathered here from
// the effects, the modal styles, the navigation slide and the ported seeds as they land.
import Segue

@MainActor
enum Catalog {
    static var transitionNames: [String] { [] }
}
