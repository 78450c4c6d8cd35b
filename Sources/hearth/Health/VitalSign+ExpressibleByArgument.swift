public import ArgumentParser
import Foundation
import HearthCore
import HearthExchange
import HearthHealth
import HearthStore

extension VitalSign: ExpressibleByArgument {}
